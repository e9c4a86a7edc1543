/**
 * ISO 19005-3 6.2.4.2 test 2: overprint mode 1 (/OPM) must not be in effect where an ICCBased
 * CMYK colour space paints with overprinting on — filling with the non-stroking flag (/op, which
 * defaults to /OP in the same graphics state) or stroking with /OP. The graphics state is tracked
 * as veraPDF's operator parser tracks it (its PDICCBasedCMYK object and `overprintFlag == false ||
 * OPM == 0`): `q`/`Q`, `gs` (/OP, /op, /OPM as given, each only when of the right type), `cs`/`CS`
 * and `k`/`K`/`g`/`G`/`rg`/`RG` (a device name counts as its Default space when the resources have
 * one), `Tr`, and `d1`, after which a Type 3 glyph's path painting is not judged. The uses are the path-painting
 * operators (f, F, f*, B, B*, b, b*, S, s) and text showing (Tj, TJ, ', ", filling and stroking as
 * the rendering mode says); images, shadings and inline images are judged with overprinting off,
 * as veraPDF judges them. A colour space is ICCBased CMYK when it is `[/ICCBased stream]` with /N 4.
 * Fed token by token by the content-stream pass (content-limits-check.ts), so content streams are
 * still read once.
 * @module
 */
import { PDFBool, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef } from '@cantoo/pdf-lib'
import { isIccCmykSpace } from '../../pdf/icc-profiles.js'

/** The part of the graphics state 6.2.4.2 test 2 reads; a colour space is its label when ICCBased CMYK, else undefined. */
type OverprintState = {
  fill: string | undefined
  stroke: string | undefined
  OP: boolean
  op: boolean
  OPM: number
  /** Text rendering mode (Tr). */
  mode: number
  /** After d1 (and in uncoloured patterns) colour is not the glyph's own: path painting is not judged. */
  colourOff: boolean
}

export type OverprintUse = { use: 'filling' | 'stroking'; space: string; OPM: number; flag: '/op' | '/OP' }

const FILL_MODES = new Set([0, 2, 4, 6])
const STROKE_MODES = new Set([1, 2, 5, 6])

/** What an operator does to or with the tracked state (q and Q: save and restore). */
export type OverprintOperator =
  | { kind: 'save' | 'restore' | 'mode' | 'd1' | 'text' }
  | { kind: 'paint'; fill: boolean; stroke: boolean }
  /** k/K, g/G, rg/RG: a device space, or its Default. */
  | { kind: 'device'; stroke: boolean; space: 'DeviceCMYK' | 'DeviceRGB' | 'DeviceGray' }

const paint = (fill: boolean, stroke: boolean): OverprintOperator => ({ kind: 'paint', fill, stroke })
const device = (space: 'DeviceCMYK' | 'DeviceRGB' | 'DeviceGray', stroke: boolean): OverprintOperator => ({ kind: 'device', stroke, space })
const TEXT: OverprintOperator = { kind: 'text' }

/** The operators the tracker reads: path painting (f, F, f* fill; S, s stroke; B, B*, b, b* both), text showing, colour, q/Q, Tr, d1. */
export const OVERPRINT_OPERATORS: ReadonlyMap<string, OverprintOperator> = new Map<string, OverprintOperator>([
  ['q', { kind: 'save' }],
  ['Q', { kind: 'restore' }],
  ['Tr', { kind: 'mode' }],
  ['d1', { kind: 'd1' }],
  ['f', paint(true, false)],
  ['F', paint(true, false)],
  ['f*', paint(true, false)],
  ['S', paint(false, true)],
  ['s', paint(false, true)],
  ['B', paint(true, true)],
  ['B*', paint(true, true)],
  ['b', paint(true, true)],
  ['b*', paint(true, true)],
  ['Tj', TEXT],
  ['TJ', TEXT],
  ["'", TEXT],
  ['"', TEXT],
  ['k', device('DeviceCMYK', false)],
  ['K', device('DeviceCMYK', true)],
  ['g', device('DeviceGray', false)],
  ['G', device('DeviceGray', true)],
  ['rg', device('DeviceRGB', false)],
  ['RG', device('DeviceRGB', true)],
])
const DEFAULT_OF: Readonly<Record<string, string>> = { DeviceCMYK: 'DefaultCMYK', DeviceRGB: 'DefaultRGB', DeviceGray: 'DefaultGray' }

/** Saved states kept per stream: a million `q` must not keep a million copies. */
const MAX_SAVED = 1024

const initial = (): OverprintState => ({ fill: undefined, stroke: undefined, OP: false, op: false, OPM: 0, mode: 0, colourOff: false })

/** The graphics state of one content stream (and what it draws), with its q/Q stack. */
/** Per resource dictionary: what each device name counts as (its Default space's label when that is ICCBased CMYK). */
const deviceLabels = new WeakMap<PDFDict, Map<string, string | undefined>>()

/**
 * The graphics state of one content stream (and what it draws), with its q/Q stack. A state is
 * never changed in place: `q` saves the current object and a change makes a new one, so the many
 * `q` of a page cost no copies.
 */
export class OverprintTracker {
  private state: Readonly<OverprintState>
  private readonly stack: Readonly<OverprintState>[] = []
  /** q operators beyond MAX_SAVED, not stacked (a file that nests so deep already breaks 6.1.13's 28). */
  private unsaved = 0

  constructor(
    private readonly doc: PDFDocument,
    from?: OverprintTracker,
    colourOff = false,
  ) {
    const start = from?.state ?? initial()
    this.state = colourOff ? { ...start, colourOff } : start
  }

  /** A state for a form drawn here: this one's, with a stack of its own. */
  child(): OverprintTracker {
    return new OverprintTracker(this.doc, this)
  }

  private set<K extends keyof OverprintState>(key: K, value: OverprintState[K]): void {
    if (this.state[key] !== value) this.state = { ...this.state, [key]: value }
  }

  /** A `gs` operator's graphics-state dictionary. */
  extGState(gs: PDFObject | undefined): void {
    const dict = gs instanceof PDFRef ? this.doc.context.lookup(gs) : gs
    if (!(dict instanceof PDFDict)) return
    const OP = dict.lookup(PDFName.of('OP'))
    const op = dict.lookup(PDFName.of('op'))
    const opm = dict.lookup(PDFName.of('OPM'))
    if (OP instanceof PDFBool) this.set('OP', OP.asBoolean())
    const fillFlag = op instanceof PDFBool ? op : OP
    if (fillFlag instanceof PDFBool) this.set('op', fillFlag.asBoolean())
    if (opm instanceof PDFNumber) this.set('OPM', Math.trunc(opm.asNumber()))
  }

  /**
   * A `cs`/`CS` operator's colour space: `value` the resource it names (undefined for a device
   * name), `defaults` the resources a device name's Default space comes from.
   */
  colourSpace(stroke: boolean, name: string, value: PDFObject | undefined, defaults: PDFDict | undefined): void {
    const space = DEFAULT_OF[name] !== undefined ? this.deviceSpace(name, defaults) : isIccCmykSpace(this.doc, value) ? `/${name}` : undefined
    this.set(stroke ? 'stroke' : 'fill', space)
  }

  private deviceSpace(name: string, defaults: PDFDict | undefined): string | undefined {
    if (defaults === undefined) return undefined
    let labels = deviceLabels.get(defaults)
    if (labels === undefined) {
      labels = new Map()
      deviceLabels.set(defaults, labels)
    }
    if (labels.has(name)) return labels.get(name)
    const spaces = defaults.lookup(PDFName.of('ColorSpace'))
    const def = DEFAULT_OF[name]!
    const label = spaces instanceof PDFDict && isIccCmykSpace(this.doc, spaces.get(PDFName.of(def))) ? `/${name} (as /${def})` : undefined
    labels.set(name, label)
    return label
  }

  /**
   * One operator of OVERPRINT_OPERATORS; `number` its last number operand (for Tr). @returns the
   * overprinted ICCBased CMYK use it makes with /OPM other than 0, if any.
   */
  operator(op: OverprintOperator, number: number | undefined, defaults: PDFDict | undefined): OverprintUse | undefined {
    const s = this.state
    switch (op.kind) {
      case 'paint':
      case 'text': {
        if (s.OPM === 0 || (s.fill === undefined && s.stroke === undefined)) return undefined
        // After d1 veraPDF leaves path painting unjudged, not text (its text operators do not ask).
        if (op.kind === 'paint' && s.colourOff) return undefined
        const fill = op.kind === 'paint' ? op.fill : FILL_MODES.has(s.mode)
        const stroke = op.kind === 'paint' ? op.stroke : STROKE_MODES.has(s.mode)
        if (fill && s.op && s.fill !== undefined) return { use: 'filling', space: s.fill, OPM: s.OPM, flag: '/op' }
        if (stroke && s.OP && s.stroke !== undefined) return { use: 'stroking', space: s.stroke, OPM: s.OPM, flag: '/OP' }
        return undefined
      }
      case 'device':
        this.set(op.stroke ? 'stroke' : 'fill', this.deviceSpace(op.space, defaults))
        return undefined
      case 'save':
        if (this.stack.length < MAX_SAVED) this.stack.push(s)
        else this.unsaved++
        return undefined
      case 'restore':
        if (this.unsaved > 0) this.unsaved--
        else this.state = this.stack.pop() ?? s
        return undefined
      case 'mode':
        if (number !== undefined && Number.isInteger(number)) this.set('mode', number) // a malformed number (1.2.3) changes nothing
        return undefined
      case 'd1':
        this.set('colourOff', true)
        return undefined
    }
  }
}
