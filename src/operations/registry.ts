/**
 * The operation registry: every operation the engine implements, declared once. The CLI, the
 * HTTP server and the OpenAPI document are generated from this list.
 * @module
 */
import { calculate } from './calculate.js'
import { cii2ubl, ciitoubl } from './ciitoubl.js'
import { combine } from './combine.js'
import { combineXml } from './combine-xml.js'
import { detach } from './detach.js'
import { extract } from './extract.js'
import { invoice2xml } from './invoice2xml.js'
import { parse } from './parse.js'
import { pdf2pdfa } from './pdf2pdfa.js'
import { phive } from './phive.js'
import { notice, ping } from './service.js'
import { styledinvoicetofx } from './styledinvoicetofx.js'
import type { Operation } from './types.js'
import { validateFileOperation } from './validate.js'
import { validationReportToPdf } from './validation-report-to-pdf.js'
import { xmltohtml } from './xmltohtml.js'
import { xmltopdf } from './xmltopdf.js'
import { operationInput } from './inputs.js'
import { textArgument } from '../util/byte-input.js'

/**
 * The registry's operations are what library callers run: each `run` checks its input first
 * (operationInput). The faces hand it checked input already, which passes unchanged.
 */
function guarded(op: Operation): Operation {
  return { ...op, run: async (input) => op.run(operationInput(op, input)) }
}

/** In the interface's endpoint order (interface.md, Endpoints 1–18). */
export const OPERATIONS: readonly Operation[] = [
  xmltopdf,
  xmltohtml,
  validationReportToPdf,
  validateFileOperation,
  styledinvoicetofx,
  phive,
  pdf2pdfa,
  parse,
  invoice2xml,
  extract,
  detach,
  combine,
  combineXml,
  ciitoubl,
  cii2ubl,
  calculate,
  ping,
  notice,
].map(guarded)

const byName = new Map(OPERATIONS.map((op) => [op.name.toLowerCase(), op]))
const byCliName = new Map(OPERATIONS.map((op) => [op.cliName, op]))

/** Looks an operation up by its interface name (case-insensitive). */
export function getOperation(name: string): Operation | undefined {
  return byName.get(textArgument(name, 'name').toLowerCase())
}

export function getOperationByCliName(cliName: string): Operation | undefined {
  return byCliName.get(textArgument(cliName, 'cliName'))
}
