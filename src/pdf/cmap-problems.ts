/**
 * What ISO 19005-3 asks of the CMaps of Type 0 fonts, as veraPDF's PDF/A-3B rules state them:
 * the character collections of the CMap and of the CIDFont agree unless the CMap is Identity-H or
 * Identity-V (6.2.11.3.1); every CMap used is embedded or one of ISO 32000-1 table 118's
 * predefined CMaps, an embedded one has the same WMode in its dictionary and in its program, and
 * a CMap uses (/UseCMap, `usecmap`) only predefined CMaps (6.2.11.3.3). Judged for the Type 0
 * fonts content can use (`fontsInResources`), each CMap stream read once, only when a font names
 * one; shared by the validator and pdf2pdfa.
 * @module
 */
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFObject, PDFStream, PDFString } from '@cantoo/pdf-lib'
import { TOKEN, decodeName, isNumberToken, lexContent, stringBytes, tokenText } from './content-lexer.js'
import { nameOf } from './font-encodings.js'
import { fontsInResources } from './fonts.js'
import { streamBytes } from './streams.js'
import { deref } from './walk.js'

/**
 * ISO 32000-1 table 118: each predefined CMap's Adobe character collection (Ordering, Supplement)
 * as ISO 32000-1 gives it (veraPDF reads the same for PDF/A-2 and -3).
 */
const PREDEFINED_CMAPS: ReadonlyMap<string, readonly [string, number]> = new Map(
  (
    [
      ['GB1', 0, 'GB-EUC GBpc-EUC'],
      ['GB1', 2, 'GBK-EUC GBKp-EUC'],
      ['GB1', 4, 'GBK2K UniGB-UCS2 UniGB-UTF16'],
      ['CNS1', 0, 'B5pc ETen-B5 ETenms-B5 CNS-EUC'],
      ['CNS1', 3, 'HKscs-B5 UniCNS-UCS2'],
      ['CNS1', 4, 'UniCNS-UTF16'],
      ['Japan1', 1, '83pv-RKSJ-H! 90pv-RKSJ-H! Add-RKSJ EUC H! V! '],
      ['Japan1', 2, '90ms-RKSJ 90msp-RKSJ Ext-RKSJ'],
      ['Japan1', 4, 'UniJIS-UCS2 UniJIS-UCS2-HW'],
      ['Japan1', 5, 'UniJIS-UTF16'],
      ['Korea1', 0, 'KSC-EUC KSCpc-EUC-H!'],
      ['Korea1', 1, 'KSCms-UHC KSCms-UHC-HW UniKS-UCS2'],
      ['Korea1', 2, 'UniKS-UTF16'],
      ['Identity', 0, 'Identity'],
    ] as const
  ).flatMap(([ordering, supplement, names]) =>
    names
      .split(' ')
      .filter((n) => n !== '')
      // A name ending in ! is one CMap; the others come in a horizontal and a vertical form.
      .flatMap((n) => (n.endsWith('!') ? [n.slice(0, -1)] : [`${n}-H`, `${n}-V`]))
      .map((n) => [n, [ordering, supplement] as const] as const),
  ),
)

export const isPredefinedCMap = (name: string): boolean => PREDEFINED_CMAPS.has(name)

export type CMapProblem =
  /** 6.2.11.3.1, on the Type 0 font. */
  | { kind: 'systemInfo'; font: PDFDict; cmap: string; fontSystem: string; cmapSystem: string }
  /** 6.2.11.3.3 test 1: on the font, or the CMap stream that uses a CMap. */
  | { kind: 'notEmbedded'; owner: PDFDict | PDFStream; cmap: string }
  /** 6.2.11.3.3 test 2: on the CMap stream. */
  | { kind: 'wmode'; stream: PDFStream; cmap: string; dictWMode: number; streamWMode: number }
  /** 6.2.11.3.3 test 3: on the CMap stream that uses another; `how` is /UseCMap or usecmap. */
  | { kind: 'useCMap'; stream: PDFStream; cmap: string; used: string; how: '/UseCMap' | 'usecmap' }

const stringOf = (o: PDFObject | undefined): string | undefined => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined)
const intOf = (o: PDFObject | undefined): number | undefined => (o instanceof PDFNumber ? Math.trunc(o.asNumber()) : undefined)

/** veraPDF's name of a CMap: the name itself, or an embedded CMap's /CMapName; '' for anything else. */
export function cmapName(cmap: PDFObject | undefined): string {
  if (cmap instanceof PDFName) return cmap.decodeText()
  if (!(cmap instanceof PDFStream)) return ''
  const name = cmap.dict.lookup(PDFName.of('CMapName'))
  return nameOf(name) ?? stringOf(name) ?? ''
}

type SystemInfo = { registry: string | undefined; ordering: string | undefined; supplement: number }

/** Registry and Ordering are strings (a name counts as absent); a missing Supplement counts as 0, as veraPDF reads them. */
function systemInfoOf(dict: PDFObject | undefined): SystemInfo {
  if (!(dict instanceof PDFDict)) return { registry: undefined, ordering: undefined, supplement: 0 }
  return {
    registry: stringOf(dict.lookup(PDFName.of('Registry'))),
    ordering: stringOf(dict.lookup(PDFName.of('Ordering'))),
    supplement: intOf(dict.lookup(PDFName.of('Supplement'))) ?? 0,
  }
}

/**
 * A CMap's character collection: a predefined one's from table 118 (none for another name); an
 * embedded one's from its dictionary's /CIDSystemInfo (a dictionary, or the first of an array as
 * PDF 1.4 allowed), not from the definitions in its program.
 */
function cmapSystemInfo(cmap: PDFObject): SystemInfo {
  if (cmap instanceof PDFName) {
    const known = PREDEFINED_CMAPS.get(cmap.decodeText())
    return known === undefined ? systemInfoOf(undefined) : { registry: 'Adobe', ordering: known[0], supplement: known[1] }
  }
  const dict = cmap instanceof PDFStream ? cmap.dict : cmap
  if (!(dict instanceof PDFDict)) return systemInfoOf(undefined)
  const info = dict.lookup(PDFName.of('CIDSystemInfo'))
  return systemInfoOf(info instanceof PDFArray && info.size() > 0 ? info.lookup(0) : info)
}

const show = (s: SystemInfo): string => `${s.registry ?? '(no Registry)'}-${s.ordering ?? '(no Ordering)'}-${s.supplement}`

/** What an embedded CMap's program defines: its WMode (`/WMode n def`, 0 without), its collection and the names it `usecmap`s. */
type ProgramFacts = { wmode: number; uses: string[]; systemInfo: SystemInfo }

const programFacts = new WeakMap<PDFStream, ProgramFacts | null>()

function readProgram(stream: PDFStream): ProgramFacts | undefined {
  let facts = programFacts.get(stream)
  if (facts !== undefined) return facts ?? undefined
  let data: Uint8Array | undefined
  try {
    data = streamBytes(stream, 'embedded CMap')
  } catch {
    data = undefined
  }
  if (data === undefined) {
    programFacts.set(stream, null)
    return undefined
  }
  const bytes = data
  const read: ProgramFacts = { wmode: 0, uses: [], systemInfo: systemInfoOf(undefined) }
  // The two operands before an operator: `/WMode 1 def` defines the mode, `/Name usecmap` uses a CMap.
  type Operand = { name?: string; int?: number; text?: string }
  let older: Operand = {}
  let newer: Operand = {}
  lexContent(bytes, (kind, start, end, size, inDictionary) => {
    // The collection written as a dictionary, `/CIDSystemInfo << /Registry (Adobe) … >> def`.
    if (inDictionary && kind === TOKEN.string && (newer.name === 'Registry' || newer.name === 'Ordering') && end - start <= 256) {
      read.systemInfo[newer.name === 'Registry' ? 'registry' : 'ordering'] = String.fromCharCode(...stringBytes(bytes, start, size))
    } else if (inDictionary && kind === TOKEN.number && newer.name === 'Supplement' && isNumberToken(bytes, start, end)) {
      read.systemInfo.supplement = Math.trunc(Number(tokenText(bytes, start, end)))
    }
    if (kind === TOKEN.operator) {
      const op = tokenText(bytes, start, end)
      if (op === 'def' && older.name === 'WMode' && newer.int !== undefined) read.wmode = newer.int
      else if (op === 'def' && older.name === 'Supplement' && newer.int !== undefined) read.systemInfo.supplement = newer.int
      else if (op === 'def' && older.name === 'Registry' && newer.text !== undefined) read.systemInfo.registry = newer.text
      else if (op === 'def' && older.name === 'Ordering' && newer.text !== undefined) read.systemInfo.ordering = newer.text
      else if (op === 'usecmap' && newer.name !== undefined && read.uses.length < 16) read.uses.push(newer.name)
      older = newer = {}
      return
    }
    older = newer
    if (kind === TOKEN.name) newer = { name: decodeName(tokenText(bytes, start, end)) }
    else if (kind === TOKEN.number && isNumberToken(bytes, start, end)) newer = { int: Math.trunc(Number(tokenText(bytes, start, end))) }
    else if (kind === TOKEN.string && end - start <= 256) newer = { text: String.fromCharCode(...stringBytes(bytes, start, size)) }
    else newer = {}
  })
  facts = read
  programFacts.set(stream, facts)
  return facts
}

/** How many CMaps deep /UseCMap is followed (a cycle stops at the first CMap seen again). */
const MAX_USE_DEPTH = 8

/**
 * Every problem of the CMaps of the Type 0 fonts content uses; each CMap stream is judged once.
 * @param fonts the fonts content uses, when the caller has them already
 */
export function cmapProblems(doc: PDFDocument, fonts: ReadonlySet<PDFObject> = fontsInResources(doc)): CMapProblem[] {
  const out: CMapProblem[] = []
  const seen = new Set<PDFObject>()
  const visit = (cmap: PDFObject | undefined, owner: PDFDict | PDFStream, depth: number): void => {
    if (cmap === undefined || depth > MAX_USE_DEPTH) return
    if (!(cmap instanceof PDFStream)) {
      const name = cmapName(cmap)
      if (!isPredefinedCMap(name)) out.push({ kind: 'notEmbedded', owner, cmap: name === '' ? '(not a name or stream)' : `/${name}` })
      return
    }
    if (seen.has(cmap)) return
    seen.add(cmap)
    const name = cmapName(cmap) || '(unnamed)'
    const program = readProgram(cmap)
    if (program !== undefined) {
      const dictWMode = intOf(cmap.dict.lookup(PDFName.of('WMode'))) ?? 0
      if (dictWMode !== program.wmode) out.push({ kind: 'wmode', stream: cmap, cmap: name, dictWMode, streamWMode: program.wmode })
      for (const used of program.uses) if (!isPredefinedCMap(used)) out.push({ kind: 'useCMap', stream: cmap, cmap: name, used: `/${used}`, how: 'usecmap' })
    }
    const use = cmap.dict.get(PDFName.of('UseCMap'))
    if (use === undefined) return
    const used = deref(doc, use)
    const usedName = cmapName(used)
    if (!isPredefinedCMap(usedName)) out.push({ kind: 'useCMap', stream: cmap, cmap: name, used: used instanceof PDFStream ? `an embedded CMap named ${usedName || '(nothing)'}` : usedName === '' ? '(not a name or stream)' : `/${usedName}`, how: '/UseCMap' })
    visit(used, cmap, depth + 1)
  }
  for (const font of fonts) {
    if (!(font instanceof PDFDict) || font.lookup(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue
    const encoding = font.lookup(PDFName.of('Encoding'))
    // Without /Encoding veraPDF builds no font object: the form rules judge such a font.
    if (encoding === undefined) continue
    const problem = systemInfoProblem(font, encoding)
    if (problem !== undefined) out.push(problem)
    visit(encoding, font, 0)
  }
  return out
}

/** 6.2.11.3.1 for one Type 0 font: undefined when it conforms or has no descendant CIDFont dictionary to judge. */
function systemInfoProblem(font: PDFDict, encoding: PDFObject): CMapProblem | undefined {
  const name = cmapName(encoding)
  if (name === 'Identity-H' || name === 'Identity-V') return undefined
  const descendants = font.lookup(PDFName.of('DescendantFonts'))
  const cidFont = descendants instanceof PDFArray && descendants.size() > 0 ? descendants.lookup(0) : undefined
  if (!(cidFont instanceof PDFDict)) return undefined
  const mine = systemInfoOf(cidFont.lookup(PDFName.of('CIDSystemInfo')))
  const theirs = cmapSystemInfo(encoding)
  const fits = mine.registry !== undefined && mine.registry === theirs.registry && mine.ordering !== undefined && mine.ordering === theirs.ordering && mine.supplement <= theirs.supplement
  if (fits) return undefined
  const cmap = encoding instanceof PDFStream ? `an embedded CMap named ${name || '(nothing)'}` : name === '' ? '(not a name or stream)' : `/${name}`
  return { kind: 'systemInfo', font, cmap, fontSystem: show(mine), cmapSystem: show(theirs) }
}

/**
 * pdf2pdfa's repair of 6.2.11.3.3 test 2: an embedded CMap's dictionary /WMode takes the value its
 * program defines (the program is the CMap; the entry only restates it, ISO 32000-1 table 120).
 * @returns the number of CMap streams changed.
 */
export function repairCMapWModes(doc: PDFDocument): number {
  let changed = 0
  for (const p of cmapProblems(doc)) {
    if (p.kind !== 'wmode') continue
    p.stream.dict.set(PDFName.of('WMode'), PDFNumber.of(p.streamWMode))
    changed++
  }
  return changed
}

const FONT_FILES = ['FontFile', 'FontFile2', 'FontFile3']

/**
 * pdf2pdfa's repair of 6.2.11.3.1. An embedded CMap whose dictionary lacks the /CIDSystemInfo
 * ISO 32000-1 table 120 requires gets the one its program defines. Then an embedded CIDFont takes
 * the CMap's collection: the CMap is what turns codes into CIDs, so its collection is the one the
 * CIDs belong to, and an embedded CIDFont selects glyphs by CIDToGIDMap or its own CFF charset,
 * never by Registry/Ordering/Supplement, so nothing drawn changes. A CIDFont that is not embedded
 * is left alone (a reader would pick a substitute by that collection; such a font goes to
 * Ghostscript anyway), as is a CMap whose collection is not known.
 * @returns the number of dictionaries changed.
 */
export function repairCMapSystemInfo(doc: PDFDocument): number {
  let changed = 0
  const infoDict = (s: SystemInfo): PDFDict => doc.context.obj({ Registry: PDFString.of(s.registry!), Ordering: PDFString.of(s.ordering!), Supplement: s.supplement })
  for (const p of cmapProblems(doc)) {
    if (p.kind !== 'systemInfo') continue
    const encoding = p.font.lookup(PDFName.of('Encoding'))
    let theirs = cmapSystemInfo(encoding!)
    if (encoding instanceof PDFStream && (theirs.registry === undefined || theirs.ordering === undefined) && encoding.dict.get(PDFName.of('CIDSystemInfo')) === undefined) {
      const own = readProgram(encoding)?.systemInfo
      if (own?.registry !== undefined && own.ordering !== undefined) {
        encoding.dict.set(PDFName.of('CIDSystemInfo'), infoDict(own))
        theirs = own
        changed++
      }
    }
    if (theirs.registry === undefined || theirs.ordering === undefined) continue
    const descendants = p.font.lookup(PDFName.of('DescendantFonts'))
    const cidFont = descendants instanceof PDFArray ? descendants.lookup(0) : undefined
    const descriptor = cidFont instanceof PDFDict ? cidFont.lookup(PDFName.of('FontDescriptor')) : undefined
    if (!(cidFont instanceof PDFDict) || !(descriptor instanceof PDFDict) || !FONT_FILES.some((k) => descriptor.get(PDFName.of(k)) !== undefined)) continue
    cidFont.set(PDFName.of('CIDSystemInfo'), infoDict(theirs))
    changed++
  }
  return changed
}

/** What pdf2pdfa leaves to Ghostscript (which writes its own CMaps): the CMap problems the in-place repairs leave. */
export function cmapBlockers(doc: PDFDocument): string[] {
  const out = new Set<string>()
  for (const p of cmapProblems(doc)) {
    if (p.kind === 'systemInfo') out.add('Type 0 fonts whose CMap and CIDFont have different character collections (PDF/A 6.2.11.3.1)')
    else if (p.kind === 'notEmbedded') out.add('CMaps neither embedded nor predefined (PDF/A 6.2.11.3.3)')
    else if (p.kind === 'useCMap') out.add('embedded CMaps that use a CMap which is not predefined (PDF/A 6.2.11.3.3)')
  }
  return [...out]
}

/**
 * What neither pdf2pdfa nor Ghostscript can repair: a CMap that is neither embedded nor predefined,
 * used as a font's /Encoding or named by /UseCMap or `usecmap`. Without it the codes of the text
 * cannot be read (Ghostscript shows such text with .notdef glyphs), so the conversion is refused.
 */
export function missingCMaps(doc: PDFDocument): string[] {
  const out = new Set<string>()
  for (const p of cmapProblems(doc)) {
    if (p.kind === 'notEmbedded') out.add(`the CMap ${p.cmap} is neither embedded nor one of ISO 32000-1's predefined CMaps, so the text shown with it cannot be read (PDF/A 6.2.11.3.3)`)
    else if (p.kind === 'useCMap' && p.used.startsWith('/')) out.add(`an embedded CMap uses the CMap ${p.used}, which is neither embedded nor predefined (PDF/A 6.2.11.3.3)`)
  }
  return [...out]
}
