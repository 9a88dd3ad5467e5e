import { createPocketBase } from './client'

/** The app's single PocketBase client. Only src/lib and features' api/ folders use it. */
export const pb = createPocketBase('/')
