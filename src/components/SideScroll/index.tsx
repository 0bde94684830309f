// A pure view (src/views): the server draws Home's first screen with it too.
export { default, type SideScrollEvent } from '@/views/SideScroll'
