/**
 * The Service operations: `ping` and `notice`.
 * @module
 */
import type { Operation } from './types.js'
import { lazyModule } from '../util/lazy-module.js'

const legalNoticeModule = lazyModule(() => import('./legal-notice.js'))

export const ping: Operation = {
  name: 'ping',
  cliName: 'ping',
  summary: 'Health check',
  tag: 'Service',
  method: 'GET',
  path: '/e-invoice/ping',
  inputs: [],
  params: [],
  outputMediaType: 'text/plain',
  errorMediaType: '*/*',
  heavy: false,
  run() {
    return Promise.resolve({ body: 'pong', mediaType: 'text/plain', warnings: [] })
  },
}

export const notice: Operation = {
  name: 'notice',
  cliName: 'notice',
  summary: 'Legal information',
  tag: 'Service',
  method: 'GET',
  path: '/e-invoice/notice',
  inputs: [],
  params: [],
  outputMediaType: 'text/plain',
  errorMediaType: '*/*',
  heavy: false,
  async run() {
    const { legalNotice } = await legalNoticeModule()
    return { body: legalNotice(), mediaType: 'text/plain', warnings: [] }
  },
}
