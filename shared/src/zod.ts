import { config } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini with zod's English messages. Every schema imports `z` from here (`import * as z from '../zod'`):
 * zod/mini tree-shakes where classic zod cannot (a Lambda keeps only the validators its schemas use), but it
 * loads no locale, so without this its default messages would be "Invalid input". Listed under
 * `sideEffects` in package.json so bundlers keep the `config` call (about 3 KB minified).
 */
config(en());

export * from 'zod/mini';
