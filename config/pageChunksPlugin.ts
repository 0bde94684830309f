import type { Compiler } from 'webpack'

/**
 * Writes `page-chunks.json` into the H5 output: for every page, the JS and CSS files its route loads
 * (the page's own async chunk group, shared chunks included). The size report reads it to measure
 * what a shopper downloads for Home, without guessing from numeric chunk names.
 */
export class PageChunksPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageChunksPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const pages: Record<string, string[]> = {}
        const entry: string[] = []
        for (const group of compilation.chunkGroups) {
          const files = new Set<string>()
          for (const chunk of group.chunks) chunk.files.forEach((f) => files.add(f))
          if (group.isInitial()) entry.push(...files)
          // A page can sit in an async group of its own or, when webpack merges it, in an initial chunk.
          for (const chunk of group.chunks) {
            for (const mod of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              // A concatenated module keeps its parts' resources on rootModule / modules.
              const parts = mod as { resource?: string; rootModule?: { resource?: string }; modules?: Array<{ resource?: string }> }
              const resources = [parts.resource, parts.rootModule?.resource, ...(parts.modules ?? []).map((x) => x.resource)]
              for (const resource of resources) {
                const m = /[\\/]src[\\/](pages[\\/][^?]+?)\.tsx$/.exec(resource ?? '')
                if (m) {
                  const page = m[1].replace(/\\/g, '/')
                  pages[page] = [...new Set([...(pages[page] ?? []), ...files])].sort()
                }
              }
            }
          }
        }
        if (process.env.MODULE_SIZES) {
          const sizes: Record<string, Array<[string, number]>> = {}
          for (const chunk of compilation.chunks) {
            const list: Array<[string, number]> = []
            for (const mod of compilation.chunkGraph.getChunkModulesIterable(chunk)) list.push([mod.readableIdentifier(compilation.requestShortener), mod.size()])
            sizes[[...chunk.files].join(',')] = list.sort((a, b) => b[1] - a[1])
          }
          compilation.emitAsset('module-sizes.json', new RawSource(JSON.stringify(sizes, null, 1)))
        }
        const manifest = { entry: [...new Set(entry)].sort(), pages }
        compilation.emitAsset('page-chunks.json', new RawSource(JSON.stringify(manifest, null, 1)))
      })
    })
  }
}

/** webpack's NormalModuleReplacementPlugin, taken from the compiler Taro runs (webpack is not our own dependency). */
export class ReplaceModulePlugin {
  constructor(
    private readonly pattern: RegExp,
    private readonly replacement: string,
  ) {}

  apply(compiler: Compiler): void {
    new compiler.webpack.NormalModuleReplacementPlugin(this.pattern, this.replacement).apply(compiler)
  }
}
