export declare const unusedModules: { find: RegExp; replacement: string }
