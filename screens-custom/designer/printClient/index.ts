export { PrintClient, createPrintClient, type PrintClientOptions, type PrintJob, type PrintResult, type PrintErrorListener, type PrintClientListener } from './client.ts';
export { PRINT_CLIENT_DEFAULTS, canPrint, initialPrintClientState, reducePrintClient, type ConnectionStatus, type PrintClientState, type PrintClientEvent, type PrinterInfo } from './state.ts';
