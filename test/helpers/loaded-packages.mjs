// Node --import module for tests of start-up: appends the name of every npm
// package the process resolves to the file named by DOCROWS_LOADED_PACKAGES.
import { register } from 'node:module';

register('./loaded-packages-hook.mjs', import.meta.url);
