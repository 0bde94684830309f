// A pure view (src/views): the server draws My account's first screen with it too.
export { default, type MenuItem } from '@/views/MenuList'
