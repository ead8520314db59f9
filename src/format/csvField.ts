/** A CSV field: quoted (its quotes doubled) when it holds a comma, a quote or a line end. */
export const csvField = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
