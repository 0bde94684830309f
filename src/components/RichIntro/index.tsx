import { RichText, View } from '@tarojs/components'
import { assetUrl } from '@/core/request'
import './rich.css'

/**
 * An introduction the server's allow-list kept (issue 44: headings, paragraphs, bold, lists, this server's pictures),
 * shown alike on both targets with Taro's RichText — weapp's native rich-text, H5's innerHTML (why not
 * @tarojs/plugin-html: docs/decisions/2026-12-06-rich-text-introduction.md). The HTML is shown as the server answered it; here only
 * each kept tag gets its class (the look, rich.css) and a picture its address on this platform (weapp needs the API's
 * host) and its width. Nothing is added that the allow-list would not keep: the server's list is the guard.
 */
export function richIntroHtml(html: string): string {
  return html
    .replace(/<(h2|h3|p|ul|ol|li|strong|em)>/g, '<$1 class="rich__$1">')
    .replace(/<img src="([^"]*)"/g, (_m, src: string) => `<img class="rich__img" style="display:block;max-width:100%;height:auto;margin:8px 0;border-radius:8px;" src="${assetUrl(src)}"`)
}

export default function RichIntro({ html, className }: { html: string; className?: string }) {
  return (
    <View className={`rich${className ? ` ${className}` : ''}`}>
      <RichText className='rich__body' nodes={richIntroHtml(html)} />
    </View>
  )
}
