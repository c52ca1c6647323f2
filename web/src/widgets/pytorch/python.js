// What every "Copy as PyTorch" generator writes with: Python literals and the script's header.

export const py = (v) => (typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v));
export const header = (tag, what) => `# posenc <${tag}>: ${what}\nimport math\nimport torch\n`;

/** A string as a Python literal (JSON's escapes are Python's too; lone surrogates included). */
export const pyString = (s) => JSON.stringify(String(s));
