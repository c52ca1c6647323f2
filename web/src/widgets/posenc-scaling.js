// placeholder
import { PosencElement } from './base.js';
export class PosencScaling extends PosencElement {}

