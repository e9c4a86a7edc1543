/**
 * What an operation is: declared once, served by the CLI, the HTTP server and the library alike.
 * Declarations are plain data plus a `run` function that imports its implementation lazily, so
 * loading the registry costs nothing.
 * @module
 */

export type HttpMethod = 'GET' | 'POST'

export type OperationTag = 'Conversion' | 'Validation' | 'Service'

/** A query or header parameter. Values arrive as text and are parsed by `parseParams`. */
export type ParamSpec = {
  name: string
  in: 'query' | 'header'
  type: 'string' | 'boolean' | 'integer'
  required: boolean
  /** Allowed values (case-insensitive on input; the declared spelling is passed to `run`). */
  values?: readonly string[] | undefined
  default?: string | boolean | number | undefined
  /**
   * A family of headers (`write<Storage>`): every request header whose name starts with this
   * prefix reaches the operation, as `name=value` lines in this parameter's text.
   */
  headerPrefix?: string | undefined
  description: string
}

/**
 * A piece of the request body. `body` is the whole request body of the given media type; a
 * `multipart` field is one part of a multipart/form-data body.
 */
export type InputSpec = {
  name: string
  source: 'body' | 'multipart'
  /** Media type of a `body` input (application/json, application/xml). */
  mediaType?: string | undefined
  /** `binary` for uploaded files, `string` for text parts. */
  format: 'binary' | 'string'
  required: boolean
  description: string
  /** Name of the payload schema in the docs (Invoice, CalculatedInvoice ...). */
  schema?: string | undefined
}

export type ParamValue = string | boolean | number | undefined

export type OperationInput = {
  /** Body or multipart parts by input name, as bytes. */
  inputs: Readonly<Record<string, Uint8Array | undefined>>
  /** Parameters by name, parsed and with defaults applied. */
  params: Readonly<Record<string, ParamValue>>
  /** The file names the client gave its uploads (multipart `filename`), by input name. */
  fileNames?: Readonly<Record<string, string>> | undefined
}

export type OperationOutput = {
  body: Uint8Array | string
  mediaType: string
  /** Suggested file name of the result (e.g. invoice.pdf). */
  fileName?: string | undefined
  /** Things the caller should know although the operation succeeded. */
  warnings: string[]
}

export type Operation = {
  /** The interface's operation id (calculate, invoice2xml, validateFile ...). */
  name: string
  /** The CLI subcommand. */
  cliName: string
  summary: string
  tag: OperationTag
  method: HttpMethod
  /** Path below the base path, e.g. `/e-invoice/calculate`. */
  path: string
  inputs: readonly InputSpec[]
  params: readonly ParamSpec[]
  /** Media type of the 200 body. */
  outputMediaType: string
  /** Media type of the 400 ApiErrorResponse body of this endpoint (it differs per endpoint). */
  errorMediaType: string
  /** CPU-heavy: the server runs it on its worker pool. */
  heavy: boolean
  deprecated?: boolean | undefined
  run(input: OperationInput): Promise<OperationOutput>
}
