// Types for lib/node-options.mjs (plain JavaScript so that npm scripts run it with `node`, before tsx).
export declare const WEBSOCKET_FLAG: '--experimental-websocket';
export declare function needsWebSocketFlag(version?: string): boolean;
export declare function nodeFlags(version?: string): string[];
export declare function nodeOptions(current?: string, version?: string): string;
