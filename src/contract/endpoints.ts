/**
 * The HTTP method of every path of the app's own area (the seed's calls plus the ones our screens need: docs/product.md),
 * the only contract data the client needs at run time. Defined in ./api/app.ts; the table is generated from there
 * (`npm run gen:api`). Request/answer shapes are in ./schemas.ts (types only on the client). Paths are relative to `/api/`.
 */
export { ENDPOINTS, type EndpointPath } from './generated/endpoints'

/** `index/uploadPic` is a multipart POST (Taro.uploadFile), outside the JSON request client. */
export const UPLOAD_PATH = 'index/uploadPic'
