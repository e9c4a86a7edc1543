import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

describe('THIRD_PARTY_NOTICES.md', () => {
  it('names every runtime dependency with its licence', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
    const notices = readFileSync('THIRD_PARTY_NOTICES.md', 'utf8')
    for (const name of Object.keys(pkg.dependencies)) {
      const dep = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { license: string }
      // SPDX ids must match exactly; free-text licence fields are summarised in the table.
      if (/^[\w.-]+$/.test(dep.license)) expect(notices, name).toContain(`| ${name} | ${dep.license} |`)
      else expect(notices, name).toContain(`| ${name} | `)
    }
  })

  it('does not claim to bundle no code: the CLI bundle\'s packages and licence texts are in dist/cli-licenses.txt', () => {
    const notices = readFileSync('THIRD_PARTY_NOTICES.md', 'utf8')
    expect(notices).not.toContain('bundles no third-party code')
    expect(notices).toContain('dist/cli-licenses.txt')
    // npm test builds first (pretest), which writes the file beside the bundle.
    const licences = readFileSync('dist/cli-licenses.txt', 'utf8')
    for (const name of ['decimal.js', 'hono', 'zod', 'commander', 'denque']) expect(licences, name).toMatch(new RegExp(`^${name.replace('.', '\\.')} \\d+\\.\\d+\\.\\d+ \\(`, 'm'))
    expect(licences).toContain('Permission is hereby granted, free of charge')
    expect(licences).toContain('Apache License')
  })
})
