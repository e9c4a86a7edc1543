/**
 * `einvoice styled --template t.mustache --invoice inv.json -o out.pdf`: a mustache template and a
 * CalculatedInvoice JSON → Factur-X PDF/A-3 printed by headless Chromium.
 * @module
 */
import type { Command } from 'commander'
import { styledinvoicetofx } from '../src/operations/styledinvoicetofx.js'
import { parseJsonText } from '../src/json/parse-json.js'
import type { CliIO } from './io.js'
import { runRender } from './render-common.js'

type Flags = { template: string; invoice: string; output?: string; language: string; format: string; profile: string; version: string }

export function registerStyled(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('styled')
    .description(styledinvoicetofx.summary + ': mustache HTML template + invoice JSON in, Factur-X PDF/A-3 out (needs chromium)')
    .requiredOption('-t, --template <file>', 'mustache template producing HTML')
    .requiredOption('-i, --invoice <file>', 'CalculatedInvoice JSON (Mustang shape)')
    .option('-o, --output <file>', 'write the PDF to this file (default: standard output, not a terminal); - for standard output')
    .option('-l, --language <lang>', 'EN, DE or FR (labels and number/date format the template gets)', 'EN')
    .option('--format <format>', 'fx, zf or xr', 'fx')
    .option('--profile <profile>', 'MINIMUM, BASICWL, BASIC, EN16931, EXTENDED or XRECHNUNG', 'EN16931')
    .option('--version <n>', 'generation: 2 (fx also takes 1; xr takes 2 or 3)', '2')
    .addHelpText('after', '\nChromium is found on PATH (chromium, chromium-browser) or via EINVOICE_CHROMIUM.\nExit status: 0 success, 2 bad input or missing Chromium.')
    .action(async (flags: Flags) => {
      const input = async () => {
        const template = Buffer.from(await io.readFile(flags.template)).toString('utf8')
        const invoiceText = Buffer.from(await io.readFile(flags.invoice)).toString('utf8')
        // Checked on its own first, so a JSON error names a position in the invoice file; then
        // spliced in as text, so its numbers stay exact.
        parseJsonText(invoiceText)
        const body = `{"template":${JSON.stringify(template)},"invoice":${invoiceText}}`
        const params = { language: flags.language, format: flags.format, profile: flags.profile, version: flags.version }
        return { inputs: { body: new TextEncoder().encode(body) }, params }
      }
      setExit(await runRender({ op: styledinvoicetofx, source: flags.invoice, output: flags.output, input }, io))
    })
}
