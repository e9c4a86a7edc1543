/**
 * Ghostscript as an optional external program for pdf2pdfa: when it is on PATH it embeds fonts
 * and converts colour (`-dPDFA=3 -sColorConversionStrategy=RGB`). It is AGPL software run as a
 * separate process; nothing of it is bundled.
 * @module
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { existsSync } from 'node:fs'
import { EInvoiceError } from '../errors.js'
import { PACKAGE_ROOT } from '../version.js'

/** Ghostscript gets this long per file before it is stopped. */
const GS_TIMEOUT_MS = 60_000

let cached: string | null | undefined

/** The `gs` executable on PATH (looked up once), or undefined. `EINVOICE_GS` overrides it ('' or a missing file disables). */
export function findGhostscript(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const override = env['EINVOICE_GS']
  // A path that does not exist counts as "no Ghostscript", like an empty one.
  if (override !== undefined) return override === '' || !existsSync(override) ? undefined : override
  if (cached === undefined) {
    cached = null
    for (const dir of (env['PATH'] ?? '').split(delimiter)) {
      if (dir !== '' && existsSync(join(dir, 'gs'))) {
        cached = join(dir, 'gs')
        break
      }
    }
  }
  return cached ?? undefined
}

/** PostScript prologue declaring the sRGB OutputIntent (the pdfmark form Ghostscript documents for PDF/A). */
function pdfaDefinition(iccPath: string): string {
  const ps = iccPath.replace(/([\\()])/g, '\\$1')
  return [
    '%!',
    `[/_objdef {einvoice_icc} /type /stream /OBJ pdfmark`,
    `[{einvoice_icc} << /N 3 >> /PUT pdfmark`,
    `[{einvoice_icc} (${ps}) (r) file /PUT pdfmark`,
    `[/_objdef {einvoice_oi} /type /dict /OBJ pdfmark`,
    `[{einvoice_oi} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {einvoice_icc} /OutputConditionIdentifier (sRGB IEC61966-2.1) /RegistryName (http://www.color.org) >> /PUT pdfmark`,
    `[{Catalog} << /OutputIntents [ {einvoice_oi} ] >> /PUT pdfmark`,
    '',
  ].join('\n')
}

function run(gs: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(gs, args, { timeout: GS_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (err === null) resolve()
      else reject(new EInvoiceError('INVALID_PDF', `Ghostscript could not convert the PDF: ${String(stderr).trim().slice(0, 300) || err.message}`))
    })
  })
}

/** Rewrites the PDF with Ghostscript as PDF/A-3b (fonts embedded, colour converted to RGB). */
export async function ghostscriptToPdfa(gs: string, pdf: Uint8Array): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'einvoice-gs-'))
  try {
    const iccDir = join(PACKAGE_ROOT, 'assets', 'icc')
    const input = join(dir, 'in.pdf')
    const output = join(dir, 'out.pdf')
    const def = join(dir, 'pdfa-def.ps')
    await writeFile(input, pdf)
    await writeFile(def, pdfaDefinition(join(iccDir, 'sRGB.icc')))
    await run(gs, [
      '-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', `--permit-file-read=${iccDir}/`,
      '-sDEVICE=pdfwrite', '-dPDFA=3', '-dPDFACompatibilityPolicy=1',
      '-sColorConversionStrategy=RGB', '-dEmbedAllFonts=true', '-dSubsetFonts=true',
      `-sOutputFile=${output}`, def, input,
    ])
    return new Uint8Array(await readFile(output))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
