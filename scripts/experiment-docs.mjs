export const experimentsMarkdown = () => '';
