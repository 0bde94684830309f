/** App version: shown by About on My account and answered by index/serverInfo. Kept equal to package.json by a test. */
export const APP_VERSION = '1.0.0'
export const APP_VERSION_CODE = 100
