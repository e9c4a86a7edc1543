import type { Context, MiddlewareHandler } from 'hono'
import type { ServerEnv } from '../../src/server/context.js'
import { type GatewayRefusal, gatewayResponse } from '../../src/server/errors.js'

/** One gateway check alone as a middleware, to test it without the others (the server runs them in gateway.ts). */
export function checkAsMiddleware(
  check: (c: Context<ServerEnv>) => GatewayRefusal | undefined | Promise<GatewayRefusal | undefined>,
): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const refused = await check(c)
    if (refused !== undefined) return gatewayResponse(refused)
    await next()
  }
}
