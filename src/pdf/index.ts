/**
 * The PDF/A-3 layer: loading with limits, embedded files, XMP, OutputIntent, the Factur-X /
 * ZUGFeRD container (combine), extraction, detach and pdf2pdfa.
 * @module
 */
export { type EmbedInvoiceOptions, type EmbedInvoiceResult, type InvoiceContainer, embedInvoiceXml } from './combine.js'
export { type DetachResult, type DetachedFile, detachAttachments } from './detach.js'
export { type ExtractOptions, type ExtractedInvoiceXml, extractInvoiceXml } from './extract.js'
export { type ContainerRequest, resolveContainer } from './invoice-container.js'
export { INVOICE_FILE_NAMES, type InvoiceXmlSyntax } from './invoice-xml.js'
export { type LoadPdfOptions, type LoadedPdf, loadPdf } from './load-pdf.js'
export { MAX_INFLATED_STREAM_BYTES, MAX_PDF_BYTES } from './limits.js'
export { type Pdf2PdfaOptions, type Pdf2PdfaResult, pdfToPdfa } from './pdf2pdfa.js'
export { looksLikePdf } from './pdf-structure.js'
export { findGhostscript } from './ghostscript.js'
