/**
 * `npm run doctor` (issue 40): checks this server's configuration offline and prints what it would start with — never a
 * secret's value — then what only the consoles can show (server/doctor.ts; docs/going-live.md "Checking the configuration").
 *
 *   npm run doctor                 the environment this shell would start the server with
 *   npm run doctor -- --db         also connect to the database (DATABASE_URL, or open DB_PATH's file read-only)
 *
 * Exit 0: no definite problem (warnings may be printed); 1: a problem that would stop the start or fail a provider; 2: usage.
 */
import { runDoctor } from '../server/doctor'

const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--db')
if (unknown.length > 0) {
  console.error(`unexpected: ${unknown.join(' ')}\nusage: npm run doctor [-- --db]`)
  process.exitCode = 2
} else {
  runDoctor(process.env, { db: args.includes('--db') }).then(
    ({ text, exitCode }) => {
      console.log(text)
      process.exitCode = exitCode
    },
    (error: unknown) => {
      // A setting that breaks loading itself (BUSINESS_TZ, CLOCK_AT are read as the clock loads) says its name first.
      console.error(error instanceof Error ? error.message : error)
      process.exitCode = 1
    },
  )
}
