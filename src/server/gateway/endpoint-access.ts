/**
 * FORBIDDEN (403) when the accepted key is restricted to other endpoints (`keys create
 * --endpoints`). Runs after the api-key middleware.
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import type { ServerEnv } from '../context.js'
import { GatewayRefusal, gatewayResponse } from '../errors.js'

/** @param operationName the route's operation (interface name, any case). */
export function endpointAccess(operationName: string): MiddlewareHandler<ServerEnv> {
  const name = operationName.toLowerCase()
  return async function endpointAccessCheck(c, next) {
    const allowed = c.get('apiKey')?.endpoints
    if (allowed !== undefined && !allowed.includes(name)) {
      return gatewayResponse(
        new GatewayRefusal('FORBIDDEN', `this API key may call ${allowed.join(', ')} only, not ${operationName}`),
      )
    }
    await next()
  }
}
