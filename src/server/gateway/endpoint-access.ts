/**
 * FORBIDDEN (403) when the accepted key is restricted to other endpoints (`keys create
 * --endpoints`). Runs after the key check.
 * @module
 */
import type { Context } from 'hono'
import type { ServerEnv } from '../context.js'
import { GatewayRefusal } from '../errors.js'

/** Checks the accepted key against one route's operation; returns the refusal or undefined. */
export type EndpointCheck = (c: Context<ServerEnv>) => GatewayRefusal | undefined

/** @param operationName the route's operation (interface name, any case). */
export function endpointCheck(operationName: string): EndpointCheck {
  const name = operationName.toLowerCase()
  return function checkEndpoint(c) {
    const allowed = c.get('apiKey')?.endpoints
    if (allowed === undefined || allowed.includes(name)) return undefined
    return new GatewayRefusal('FORBIDDEN', `this API key may call ${allowed.join(', ')} only, not ${operationName}`)
  }
}
