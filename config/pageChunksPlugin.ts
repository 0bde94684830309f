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
        const manifest = { entry: [...new Set(entry)].sort(), pages }
        compilation.emitAsset('page-chunks.json', new RawSource(JSON.stringify(manifest, null, 1)))
      })
    })
  }
}
