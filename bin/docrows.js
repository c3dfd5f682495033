#!/usr/bin/env node
// On Node 22.1 and later the compiled code of docrows' modules is kept in Node's
// compile cache (a folder under the system's temporary directory; NODE_COMPILE_CACHE
// moves it, NODE_DISABLE_COMPILE_CACHE=1 turns it off), so a command after the first
// skips compiling them. Node 20 has no such cache and starts as before.
import module from 'node:module';

module.enableCompileCache?.();
await import('../dist/main.js');
