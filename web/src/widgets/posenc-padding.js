// placeholder
import { PosencElement } from './base.js';
export class PosencPadding extends PosencElement {}

