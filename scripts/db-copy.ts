/**
 * `npm run db:copy -- [--from FILE.sqlite] [--to postgres://…] [--replace] [--migrate-source]` (issue 28): copies a
 * SQLite database into PostgreSQL in one transaction. The logic and its rules: server/storage/copy.ts; the how-to:
 * docs/decisions/2026-11-26-kysely-storage-seam.md "Copying a SQLite database into PostgreSQL".
 */
import { runCopyCommand } from '../server/storage/copy'

runCopyCommand(process.argv.slice(2), process.env, (line) => console.log(line)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
