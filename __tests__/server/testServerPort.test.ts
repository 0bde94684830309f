// scripts/test-server.cjs: a test server's port is free when it is picked and bound seconds later (after migrations and
// the seed); another process's outgoing connection can take it in between, and the start failed with EADDRINUSE (the
// lifecycle test in a fresh-clone run, issue 38). Such a start is made again on another port.
import net from 'node:net'
import { freePort, startTestServer } from './processes'

it('a start whose port was taken meanwhile is made again on another port, and serves', async () => {
  // A port that is taken: a listener of this test's own.
  const taken = net.createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const takenPort = (taken.address() as net.AddressInfo).port
  const picked: number[] = []
  const pickPort = async () => {
    const port = picked.length === 0 ? takenPort : await freePort()
    picked.push(port)
    return port
  }
  try {
    const server = await startTestServer({ label: 'port-taken', pickPort })
    try {
      expect(picked).toHaveLength(2)
      expect(server.base).toBe(`http://127.0.0.1:${picked[1]}`)
      expect(picked[1]).not.toBe(takenPort)
      const res = await fetch(`${server.base}/healthz`)
      expect(res.status).toBe(200)
    } finally {
      await server.stop()
    }
  } finally {
    await new Promise((resolve) => taken.close(resolve))
  }
})

it('a port the caller named is kept: taken, the start fails saying so', async () => {
  const taken = net.createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const port = (taken.address() as net.AddressInfo).port
  try {
    await expect(startTestServer({ label: 'port-named', env: { PORT: String(port) } })).rejects.toThrow('EADDRINUSE')
  } finally {
    await new Promise((resolve) => taken.close(resolve))
  }
})
