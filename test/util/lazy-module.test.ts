import { describe, expect, it } from 'vitest'
import { lazyModule } from '../../src/util/lazy-module.js'

describe('lazyModule', () => {
  it('loads on first use only, then hands every caller the same module', async () => {
    let loads = 0
    const load = lazyModule(async () => ({ n: ++loads }))
    expect(loads).toBe(0)
    const [a, b] = await Promise.all([load(), load()])
    expect(await load()).toBe(a)
    expect(b).toBe(a)
    expect(loads).toBe(1)
  })

  it('tries again after a failed load instead of keeping the failure', async () => {
    let calls = 0
    const load = lazyModule(async () => {
      if (++calls === 1) throw new Error('not yet')
      return { ok: true }
    })
    await expect(load()).rejects.toThrow('not yet')
    expect(await load()).toEqual({ ok: true })
    expect(calls).toBe(2)
  })
})
