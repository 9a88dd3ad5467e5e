import type { Plugin } from 'vite'

export function precompressDir(dir: string): { count: number; before: number; after: number }
export function precompress(): Plugin
