export const PRODUCT_NAME = 'Ordem Certa';
