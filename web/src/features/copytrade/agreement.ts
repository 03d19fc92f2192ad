/**
 * The copy-trading agreement, in the two versions the page registry names
 * (follow/agreement_zh and follow/agreement_en). It is a document, not
 * interface text: it is written once per version rather than translated key
 * by key into the nine interface languages, and readers of the other seven
 * get the English one (logic.ts `agreementRoute`). Part of the agreement
 * page's own chunk.
 */

export interface AgreementText {
  title: string;
  /** Effective-date line under the title. */
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const AGREEMENT_EN: AgreementText = {
  title: 'Copy Trading Agreement and Risk Disclosure',
  updated: 'Please read this agreement in full before you follow a trader. By ticking the box on the follow form you confirm that you have read, understood and accepted it.',
  sections: [
    {
      heading: '1. What copy trading is',
      paragraphs: [
        'Copy trading lets you follow a lead trader. While you follow, every contract position the lead trader opens is copied to your own contract account, at the lead trader\'s price and leverage, sized by the terms you chose: a multiple of the lead trader\'s lots, or a fixed number of lots. When the lead trader closes a position, the copies of it are closed too.',
        'Copies are your own positions. They use your margin, you pay the same trading and overnight fees as on any contract position, and their profit and loss are yours.',
      ],
    },
    {
      heading: '2. Risks you accept',
      paragraphs: [
        'Contract trading is leveraged. A small move of the price against a position can cost a large part of its margin, and a position can be liquidated. You can lose all the margin your copies hold.',
        'A lead trader\'s past results, including the returns, accuracy and charts shown on their page, do not predict their future results. Figures in the trader list are computed periodically and may lag behind the trader\'s latest positions.',
        'Lead traders are users of the platform, not advisers of the platform. The platform does not select, recommend or guarantee any lead trader or any result.',
        'A copy may not be made, for example when it would be smaller than the smallest size (0.01 lot), when it would take the follow over its maximum margin, or when your contract account does not hold enough margin. Skipped copies are listed with their reason; your results can then differ from the lead trader\'s.',
      ],
    },
    {
      heading: '3. Your limits',
      paragraphs: [
        'The maximum margin you set is the most margin the open copies of one follow may hold together. A copy that would go over it is skipped.',
        'An optional take-profit and stop-loss close each copy when its profit or loss reaches the share of its margin you set. An optional follow stop-loss ends the whole follow and closes its copies once the follow has lost that amount.',
        'Limits are checked against market prices as they move. In fast markets a position may close at a worse price than the limit.',
      ],
    },
    {
      heading: '4. Profit share',
      paragraphs: [
        'The lead trader receives the profit share shown on their page, as a percentage of your realised copy profit above your previous peak (a high-water mark). Losses are never shared, and profit that only recovers an earlier loss is not shared again.',
        'The profit share is settled once a day from your contract account to the lead trader\'s, as far as your available balance covers it; what it does not cover stays owed and is settled later. My copy trading shows what you have shared and what is owed.',
      ],
    },
    {
      heading: '5. Changing or ending a follow',
      paragraphs: [
        'You may change your terms at any time; new terms apply to copies made afterwards.',
        'You may end a follow at any time. You then choose to close its open copies at once, or to keep them as your own positions, which no longer close with the lead trader\'s. You may also keep a single open copy as your own at any time.',
        'A follow also ends when its follow stop-loss is reached or when the lead trader retires; when a lead trader retires, you keep the open copies as your own.',
      ],
    },
    {
      heading: '6. Lead traders',
      paragraphs: [
        'A lead trader must pass identity verification and be approved by the platform. A lead trader may pause new follows or retire. The platform may suspend a lead trader who breaks the platform\'s rules.',
        'Lead traders must trade honestly and must not use copy trading to move prices or to trade against their followers.',
      ],
    },
    {
      heading: '7. Your responsibility',
      paragraphs: [
        'Only follow with money you can afford to lose. Watch your follows and your contract account, and end a follow when it no longer suits you.',
        'If you do not understand these risks or the way copies are made, do not follow a trader. For questions, contact customer service before you follow.',
      ],
    },
  ],
};

export const AGREEMENT_ZH: AgreementText = {
  title: '跟单交易协议及风险揭示',
  updated: '跟随交易员之前，请完整阅读本协议。在跟单页面勾选同意，即表示您已阅读、理解并接受本协议的全部内容。',
  sections: [
    {
      heading: '一、什么是跟单交易',
      paragraphs: [
        '跟单交易让您跟随一位带单交易员。跟随期间，交易员开立的每一笔合约仓位都会以交易员的价格和杠杆复制到您自己的合约账户，数量按您选择的方式确定：交易员手数的固定倍数，或固定手数。交易员平仓时，对应的跟单仓位也随之平仓。',
        '跟单仓位是您自己的仓位：占用您的保证金，与普通合约仓位一样收取交易手续费和隔夜费，盈亏均由您承担。',
      ],
    },
    {
      heading: '二、您接受的风险',
      paragraphs: [
        '合约交易带有杠杆。价格小幅反向波动即可能造成保证金的大幅损失，仓位也可能被强制平仓。您可能损失跟单仓位占用的全部保证金。',
        '交易员过往的业绩，包括其页面展示的收益率、胜率和图表，均不代表未来表现。交易员列表中的数据定期统计，可能滞后于交易员的最新仓位。',
        '带单交易员是平台用户，而非平台的投资顾问。平台不挑选、不推荐、不担保任何交易员或任何收益。',
        '部分跟单可能不会执行，例如：按倍数计算后不足最小数量（0.01 手）、超出本次跟单的最大保证金、或您的合约账户保证金不足。未执行的跟单会连同原因列出；此时您的结果可能与交易员不同。',
      ],
    },
    {
      heading: '三、您设置的限制',
      paragraphs: [
        '最大保证金是本次跟单所有持仓合计可以占用的最高保证金，超出的跟单将被跳过。',
        '可选的止盈、止损按每笔跟单保证金的比例计算，达到时平掉该笔跟单。可选的跟单止损金额在本次跟单累计亏损达到该金额时结束整个跟单并平掉其持仓。',
        '各项限制按实时市场价格检查。行情剧烈波动时，成交价格可能劣于设定值。',
      ],
    },
    {
      heading: '四、分润',
      paragraphs: [
        '交易员按其页面所示比例获得分润，计算基础为您跟单已实现收益中超过此前最高点（高水位线）的部分。亏损不参与分润，仅用于弥补此前亏损的收益也不会重复分润。',
        '分润每日结算一次，从您的合约账户划转给交易员，以您的可用余额为限；不足部分记为待分润，之后再结算。“我的跟单”页面会显示已分润和待分润金额。',
      ],
    },
    {
      heading: '五、修改或结束跟单',
      paragraphs: [
        '您可以随时修改跟单设置，新设置适用于此后产生的跟单。',
        '您可以随时取消跟单，并选择立即平掉当前跟单持仓，或将其转为自主持仓（不再随交易员平仓）。您也可以随时将单笔跟单持仓转为自主持仓。',
        '触发跟单止损金额或交易员退出带单时，跟单也会结束；交易员退出带单时，您的跟单持仓将转为自主持仓。',
      ],
    },
    {
      heading: '六、带单交易员',
      paragraphs: [
        '带单交易员须通过身份认证并经平台审核。交易员可以暂停接受新的跟随者或退出带单。交易员违反平台规则的，平台可以暂停其带单资格。',
        '带单交易员须诚信交易，不得利用跟单操纵价格或与跟随者进行对赌。',
      ],
    },
    {
      heading: '七、您的责任',
      paragraphs: [
        '请仅使用您能够承受损失的资金跟单。请关注您的跟单和合约账户，在跟单不再适合您时及时结束。',
        '如果您不了解上述风险或跟单的执行方式，请不要跟单。如有疑问，请在跟单前联系客服。',
      ],
    },
  ],
};
