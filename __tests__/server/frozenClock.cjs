// A server process's clock held still (test-only, preloaded with NODE_OPTIONS=--require by orderNumbers.test.ts): every
// Date.now() of the process reads FROZEN_CLOCK_MS, so whatever the machine's speed every order of the test is made in
// the same second of the server's clock — the case where numbers made of the time and a random part collide.
'use strict'
const at = Number(process.env.FROZEN_CLOCK_MS)
if (Number.isSafeInteger(at)) Date.now = () => at
