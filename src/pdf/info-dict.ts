/**
 * The document information dictionary and its XMP twins (ISO 19005-3 6.6.2.3.1 via 19005-1
 * 6.7.3): Title ↔ dc:title, Author ↔ dc:creator, Subject ↔ dc:description, Keywords ↔
 * pdf:Keywords, Creator ↔ xmp:CreatorTool, Producer ↔ pdf:Producer, CreationDate ↔
 * xmp:CreateDate, ModDate ↔ xmp:ModifyDate. Both are written from one set of values.
 * @module
 */
import { PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument } from '@cantoo/pdf-lib'
import { type PdfDate, formatPdfDate, formatXmpDate, parsePdfDate, parseXmpDate } from './pdf-date.js'
import {
  type Xmp,
  XMP_NS,
  arrayProperty,
  langAltProperty,
  propertyText,
  removeProperty,
  setProperty,
  simpleProperty,
} from './xmp.js'

/** The values Info and XMP share. */
export type DocumentInfo = {
  title?: string | undefined
  author?: string | undefined
  subject?: string | undefined
  keywords?: string | undefined
  creator?: string | undefined
  producer?: string | undefined
  creationDate?: PdfDate | undefined
  modDate?: PdfDate | undefined
}

type TextKey = 'title' | 'author' | 'subject' | 'keywords' | 'creator' | 'producer'

const INFO_KEYS: Readonly<Record<TextKey, string>> = {
  title: 'Title',
  author: 'Author',
  subject: 'Subject',
  keywords: 'Keywords',
  creator: 'Creator',
  producer: 'Producer',
}

function infoDict(doc: PDFDocument): PDFDict | undefined {
  const info = doc.context.lookup(doc.context.trailerInfo.Info)
  return info instanceof PDFDict ? info : undefined
}

function infoText(info: PDFDict, key: string): string | undefined {
  const value = info.lookup(PDFName.of(key))
  if (value instanceof PDFString || value instanceof PDFHexString) {
    const text = value.decodeText()
    return text === '' ? undefined : text
  }
  return undefined
}

/**
 * What the document says about itself: the Info dictionary first (what most tools edit), XMP
 * where Info is silent.
 */
export function readDocumentInfo(doc: PDFDocument, xmp: Xmp | undefined): DocumentInfo {
  const info = infoDict(doc)
  const fromInfo = (key: TextKey): string | undefined => (info === undefined ? undefined : infoText(info, INFO_KEYS[key]))
  const x = (ns: string, local: string): string | undefined => (xmp === undefined ? undefined : propertyText(xmp, ns, local))
  const date = (infoKey: string, xmpLocal: string): PdfDate | undefined => {
    const text = info === undefined ? undefined : infoText(info, infoKey)
    const fromXmp = x(XMP_NS.xmp, xmpLocal)
    return (text === undefined ? undefined : parsePdfDate(text)) ?? (fromXmp === undefined ? undefined : parseXmpDate(fromXmp))
  }
  return {
    title: fromInfo('title') ?? x(XMP_NS.dc, 'title'),
    author: fromInfo('author') ?? x(XMP_NS.dc, 'creator'),
    subject: fromInfo('subject') ?? x(XMP_NS.dc, 'description'),
    keywords: fromInfo('keywords') ?? x(XMP_NS.pdf, 'Keywords'),
    creator: fromInfo('creator') ?? x(XMP_NS.xmp, 'CreatorTool'),
    producer: fromInfo('producer') ?? x(XMP_NS.pdf, 'Producer'),
    creationDate: date('CreationDate', 'CreateDate'),
    modDate: date('ModDate', 'ModifyDate'),
  }
}

function pdfText(value: string): PDFString | PDFHexString {
  // Printable ASCII as a literal string; anything else as UTF-16BE with BOM (ISO 32000-1 7.9.2.2).
  return /^[\x20-\x7e]*$/.test(value) ? PDFString.of(value.replace(/([\\()])/g, '\\$1')) : PDFHexString.fromText(value)
}

/** Writes the values into both the Info dictionary and the XMP, so the two agree exactly. */
export function writeDocumentInfo(doc: PDFDocument, xmp: Xmp, values: DocumentInfo): void {
  const { context } = doc
  let info = infoDict(doc)
  if (info === undefined) {
    info = context.obj({})
    context.trailerInfo.Info = context.register(info)
  }
  for (const key of Object.keys(INFO_KEYS) as TextKey[]) {
    const value = values[key]
    if (value === undefined) info.delete(PDFName.of(INFO_KEYS[key]))
    else info.set(PDFName.of(INFO_KEYS[key]), pdfText(value))
  }
  const dates: [keyof DocumentInfo & ('creationDate' | 'modDate'), string, string][] = [
    ['creationDate', 'CreationDate', 'CreateDate'],
    ['modDate', 'ModDate', 'ModifyDate'],
  ]
  for (const [key, infoKey, xmpLocal] of dates) {
    const value = values[key]
    if (value === undefined) {
      info.delete(PDFName.of(infoKey))
      removeProperty(xmp, XMP_NS.xmp, xmpLocal)
    } else {
      info.set(PDFName.of(infoKey), PDFString.of(formatPdfDate(value)))
      setProperty(xmp, simpleProperty(XMP_NS.xmp, 'xmp', xmpLocal, formatXmpDate(value)))
    }
  }
  const xmpText: [TextKey, (v: string) => ReturnType<typeof simpleProperty>, string, string][] = [
    ['title', (v) => langAltProperty(XMP_NS.dc, 'dc', 'title', v), XMP_NS.dc, 'title'],
    ['author', (v) => arrayProperty(XMP_NS.dc, 'dc', 'creator', 'Seq', [v]), XMP_NS.dc, 'creator'],
    ['subject', (v) => langAltProperty(XMP_NS.dc, 'dc', 'description', v), XMP_NS.dc, 'description'],
    ['keywords', (v) => simpleProperty(XMP_NS.pdf, 'pdf', 'Keywords', v), XMP_NS.pdf, 'Keywords'],
    ['creator', (v) => simpleProperty(XMP_NS.xmp, 'xmp', 'CreatorTool', v), XMP_NS.xmp, 'CreatorTool'],
    ['producer', (v) => simpleProperty(XMP_NS.pdf, 'pdf', 'Producer', v), XMP_NS.pdf, 'Producer'],
  ]
  for (const [key, make, ns, local] of xmpText) {
    const value = values[key]
    if (value === undefined) removeProperty(xmp, ns, local)
    else setProperty(xmp, make(value))
  }
}
