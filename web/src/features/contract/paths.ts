/** Routes of the contract and seconds-option screens (the spec's page registry). */
export const CONTRACT_ROUTES = {
  contract: '/pages/transaction/contract',
  help: '/pages/transaction/contract_help',
  order: '/pages/transaction/contract_order',
  options: '/pages/transaction/index',
  optionsOrder: '/pages/transaction/seconds_order',
} as const;
