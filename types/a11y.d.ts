// Accessibility attributes for Taro's components. On H5 they land on the component's element (taro-view-core, …)
// and reach the browser's accessibility tree; on weapp the compiled templates drop what they do not know
// (role, aria-*, tabIndex, alt: see docs/accessibility.md). aria-* attributes need no declaration (JSX allows them).
import '@tarojs/components/types/common'

declare module '@tarojs/components/types/common' {
  // The same type parameters as Taro's own declaration (an augmentation must repeat them).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface StandardProps<T = any, TouchEvent extends BaseTouchEvent<any> = ITouchEvent> {
    /** H5: 0 puts a tappable element in the keyboard's tab order. */
    tabIndex?: number
    /** H5: what the element is to assistive technology (button, link, tab, img…). */
    role?: string
  }
}
