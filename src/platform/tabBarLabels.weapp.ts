import type { TabBarLabels } from './tabBarLabels.types'

/** WeChat draws its own tab bar from app.json: the app rewrites the labels at launch (src/tabBar.ts). */
export const tabBarLabels: TabBarLabels = { beforeFirstDraw: () => undefined }
