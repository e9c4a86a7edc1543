/**
 * einvoice/server: the HTTP face as a library — the Hono app, its stores and a ready server.
 * @module
 */
export { BASE_PATH, createApp } from './app.js'
export type { AppOptions } from './app.js'
export { startServer } from './start.js'
export type { RunningServer, ServeEnvironments, StartOptions } from './start.js'
export { SqliteStore } from './stores/sqlite-store.js'
export { RedisUsageStore } from './stores/redis-store.js'
export type { RedisStoreOptions } from './stores/redis-store.js'
export type { KeyStore, UsageStore } from './stores/types.js'
export { openApiDocument } from './openapi.js'
