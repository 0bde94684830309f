import { HOME_BANNERS } from './routes/site'

export const SHELL_ID = 'home-shell'
/** If the app never takes over (its scripts failed), the picture does not stay over the page: gone after this. */
const SHELL_MAX_MS = 10_000

/**
 * Home's first screen in its HTML (issue 15): the top of Home as the app draws it — the bar, the city and search row,
 * and the first banner's picture — with the app's own class names (its stylesheets are linked in <head>, so it
 * lands where the app will draw the same), fixed over the page until the app's Home shows its banner
 * (src/platform/shell.h5.ts). The picture is the largest thing on the first screen: on a slow phone it is on
 * screen about a second before the app has booted instead of after. It holds no words (they come with the app, in
 * the shopper's language), is hidden from screen readers and lets taps through to the app beneath.
 */
export function homeShell(): string {
  const first = HOME_BANNERS[0]
  return [
    `<div id="${SHELL_ID}" aria-hidden="true" style="position:fixed;top:0;left:0;right:0;bottom:0;z-index:1000;pointer-events:none;overflow:hidden;background:var(--bg)">`,
    '<div class="page"><div class="nav-bar"><div class="nav-bar__inner" style="height:44px"></div></div>',
    '<div class="page__body"><div class="home-top"><div class="home-bar"><span class="home-bar__city">&#8203;</span><div class="home-bar__search" style="visibility:hidden"></div></div>',
    `<div class="home-carousel"><div class="home-banners" style="overflow:hidden"><div class="home-banners__item">`,
    `<img class="home-banners__img" src="${first.image}" alt="" fetchpriority="high" style="display:block;object-fit:cover">`,
    '</div></div></div></div></div></div></div>',
    `<script>setTimeout(function(){var s=document.getElementById("${SHELL_ID}");if(s&&s.parentNode)s.parentNode.removeChild(s)},${SHELL_MAX_MS})</script>`,
  ].join('')
}

/** index.html for Home with its first screen drawn in (right after <body>, before the app's mount point). */
export const withHomeShell = (html: string): string => html.replace(/<body>/, `<body>${homeShell()}`)
