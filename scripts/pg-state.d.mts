/** The throw-away PostgreSQL's state as `node scripts/pg.mjs start` wrote it. */
export interface ClusterState {
  dir: string
  data: string
  port: number
  url: string
}
export function readClusterState(root: string): ClusterState | null
export function clusterAlive(state: ClusterState | null): boolean
export function runningCluster(root: string): ClusterState | null
