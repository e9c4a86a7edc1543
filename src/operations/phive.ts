/**
 * `phive`: an invoice XML → phive's JSON validation result for a validation executor set (VESID),
 * computed by einvoice's native rules (behaviour doc §9.2; docs/validate.md lists the VESIDs).
 * Endpoint POST /e-invoice/phive; CLI `einvoice phive`.
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const runPhiveModule = lazyModule(() => import('../validate/phive/run-phive.js'))
const phiveModule = lazyModule(() => import('../validate/report/phive.js'))

export const phive: Operation = {
  name: 'phive',
  cliName: 'phive',
  summary: 'Validate an XML file',
  tag: 'Validation',
  method: 'POST',
  path: '/e-invoice/phive',
  inputs: [
    {
      name: 'inputFile',
      source: 'multipart',
      format: 'binary',
      required: true,
      description: 'The invoice XML (CII or UBL Invoice/CreditNote).',
    },
  ],
  params: [
    {
      name: 'VESID',
      in: 'query',
      type: 'string',
      required: false,
      description:
        'Validation executor set, e.g. eu.cen.en16931:cii:1.3.16 or de.xrechnung:ubl-invoice:3.0.2 (list in docs/validate.md); without it the set follows from the syntax and BT-24. An unknown VESID is a 400 listing the known ones.',
    },
  ],
  outputMediaType: 'application/octet-stream',
  errorMediaType: '*/*',
  heavy: true,
  async run(input) {
    const { runPhive } = await runPhiveModule()
    const { writePhiveJson } = await phiveModule()
    const vesid = input.params['VESID']
    const run = runPhive(requireInput(input, 'inputFile'), { vesid: typeof vesid === 'string' ? vesid : undefined })
    return { body: writePhiveJson(run), mediaType: 'application/octet-stream', fileName: 'result.json', warnings: [] }
  },
}
