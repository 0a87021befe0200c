export function goalVerdicts(output: string): { line: string; met: boolean }[];
