import { describe, expect, it } from 'vitest'
import { MESSAGES_EN } from '../../../src/validate/messages-en.js'
import { renderMessage } from '../../../src/validate/messages.js'
import { CII_SYNTAX_TABLE } from '../../../src/validate/syntax/cii-syntax-table.js'
import { UBL_SYNTAX_TABLE } from '../../../src/validate/syntax/ubl-syntax-table.js'

// Table rows of kind absent/max1/one/present share the `syntax.<kind>` templates; a `custom` row's
// finding is keyed by its rule id and would otherwise fall back to a generic sentence.
describe('every syntax-table rule has a message of its own', () => {
  for (const [name, table] of [['CII', CII_SYNTAX_TABLE], ['UBL', UBL_SYNTAX_TABLE]] as const) {
    it(`${name}: custom rows name what the rule wants`, () => {
      const custom = table.rows.filter((r) => r[3] === 'custom').map((r) => r[0])
      expect(custom.length).toBeGreaterThan(20)
      expect(custom.filter((id) => MESSAGES_EN[id] === undefined)).toEqual([])
      for (const id of custom) expect(renderMessage('en', id, id, { element: 'ram:X', found: '1' })).not.toMatch(/not met|\{\w+\}/)
    })
  }
})
