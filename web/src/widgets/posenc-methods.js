// placeholder
import { PosencElement } from './base.js';
export class PosencMethods extends PosencElement {}

