/**
 * `ciitoubl` and its deprecated alias `cii2ubl`: CII XML → UBL 2.1 XML (interface §14, §15;
 * behaviour doc §8). Both endpoints share one run function. Unlike Mustang, the source's
 * specification identifier (BT-24) is kept unless `customizationId` overrides it.
 * @module
 */
import { requireInput } from './inputs.js'
import type { Operation, OperationInput, OperationOutput, ParamSpec } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const ciiToUblModule = lazyModule(() => import('./cii-to-ubl.js'))

const PARAMS: readonly ParamSpec[] = [
  {
    name: 'customizationId',
    in: 'query',
    type: 'string',
    required: false,
    description: 'BT-24 (cbc:CustomizationID) to write instead of the source\'s specification identifier.',
  },
  {
    name: 'profileId',
    in: 'query',
    type: 'string',
    required: false,
    description: 'BT-23 (cbc:ProfileID) to write instead of the source\'s business process type.',
  },
]

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

async function run(input: OperationInput): Promise<OperationOutput> {
  const { ciiToUbl } = await ciiToUblModule()
  const result = ciiToUbl(requireInput(input, 'xml'), {
    customizationId: text(input.params.customizationId),
    profileId: text(input.params.profileId),
  })
  return { body: result.xml, mediaType: 'application/xml', fileName: 'invoice-ubl.xml', warnings: result.warnings }
}

function declare(name: 'ciitoubl' | 'cii2ubl', deprecated: boolean): Operation {
  return {
    name,
    cliName: name,
    summary: deprecated ? 'CII XML to UBL (deprecated name, use ciitoubl)' : 'CII XML to UBL',
    tag: 'Conversion',
    method: 'POST',
    path: `/e-invoice/${name}`,
    inputs: [
      {
        name: 'xml',
        source: 'body',
        mediaType: 'application/xml',
        format: 'string',
        required: true,
        description: 'UN/CEFACT CII D16B XML (Factur-X, ZUGFeRD 2.x, XRechnung CII).',
      },
    ],
    params: PARAMS,
    outputMediaType: 'application/xml',
    errorMediaType: 'application/xml',
    heavy: false,
    deprecated,
    run,
  }
}

export const ciitoubl: Operation = declare('ciitoubl', false)

/** @deprecated The interface's old name of `ciitoubl`; same operation. */
export const cii2ubl: Operation = declare('cii2ubl', true)
