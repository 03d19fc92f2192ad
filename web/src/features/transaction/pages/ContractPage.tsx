/** Contract tab: the contract trading screen of features/contract. */
export { default } from '../../contract/pages/ContractTradePage';
