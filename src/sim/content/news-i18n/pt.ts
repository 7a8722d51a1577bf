import type { NewsTranslation } from './types.ts';

/** Portuguese: every seeded article's title and a shorter translated body, and the category names. */
export const pt: NewsTranslation = {
  categories: {
    1: 'Banners',
    4: 'Sobre nós',
    5: 'Central de ajuda',
    6: 'Termos e avisos legais',
    22: 'Anúncios',
    26: 'Privacidade',
  },
  articles: {
    1: {
      title: 'Bem-vindo à Tessera',
      content:
        '<h2>Bem-vindo à Tessera</h2>\n<p>A Tessera é um simulador de corretora de criptomoedas: todos os mercados correm no seu navegador, para aprender negociação à vista, alavancada e micro sem qualquer risco.</p>\n<p><a href="/register">Crie uma conta de demonstração</a> para começar.</p>',
    },
    2: {
      title: 'Negociação à vista, simulada ao vivo',
      content:
        '<h2>Negociação à vista, simulada ao vivo</h2>\n<p>Coloque ordens limitadas e a mercado num motor de correspondência local e veja-as entrar no livro e ser executadas por operadores simulados.</p>\n<p><a href="/trade">Abrir o ecrã de negociação</a></p>',
    },
    3: {
      title: 'Comprado ou vendido',
      content:
        '<h2>Comprado ou vendido</h2>\n<p>Pratique posições alavancadas com take-profit e stop-loss, ou um micro contrato de prazo fixo com contagem decrescente. As perdas só afetam saldos de demonstração.</p>',
    },
    4: {
      title: 'Rendimentos a prazo',
      content:
        '<h2>Rendimentos a prazo</h2>\n<p>Escolha um prazo, bloqueie um montante de demonstração e acompanhe os dividendos diários simulados.</p>',
    },
    10: {
      title: 'Sobre a Tessera',
      content:
        '<h2>Sobre a Tessera</h2>\n<p>A Tessera é uma corretora de criptoativos de demonstração. Reproduz os ecrãs e fluxos de uma corretora de retalho – registo, à vista, alavancagem, micro contratos, contas de carteira e produtos de rendimento – num simulador que corre totalmente no seu navegador.</p>',
    },
    11: {
      title: 'Contacte-nos',
      content:
        '<h2>Contacte-nos</h2>\n<p>A Tessera é uma demonstração no seu navegador: não há mesa de negociação nem equipa de apoio que possa ver os seus dados. Saldos, ordens e definições existem apenas no seu dispositivo.</p>\n<p>Comece pelos guias da Central de ajuda.</p>',
    },
    12: {
      title: 'Comissões e limites',
      content:
        '<h2>Comissões e limites</h2>\n<p>As comissões na Tessera são simuladas e cobradas em saldos de demonstração, para que os números se comportem como numa corretora real. Nas negociações à vista, é descontada uma comissão sobre o valor executado.</p>',
    },
    13: {
      title: 'Política de listagem',
      content:
        '<h2>Política de listagem</h2>\n<p>Os mercados da Tessera são escolhidos para tornar o simulador útil à aprendizagem, não para recomendar qualquer projeto. Um par listado não diz nada sobre a qualidade, legalidade ou valor do ativo real com o mesmo nome.</p>',
    },
    20: {
      title: 'Como se registar',
      content:
        '<h2>Como se registar</h2>\n<p>Registe-se com um e-mail ou um número de telemóvel: escolha o separador, introduza a conta (no separador telefone, escolha primeiro o indicativo do país), peça um código, introduza-o e defina uma palavra-passe.</p>',
    },
    21: {
      title: 'Como depositar',
      content:
        '<h2>Como depositar</h2>\n<p>Nunca envie criptoativos reais para um endereço mostrado na Tessera: os endereços de depósito são fictícios e o que enviar perder-se-á.</p>\n<p>Na demonstração, os depósitos são simulados na página Ativos.</p>',
    },
    22: {
      title: 'Como colocar uma ordem à vista',
      content:
        '<h2>Como colocar uma ordem à vista</h2>\n<p>Abra Negociar, escolha um par (por exemplo BTC/USDT), escolha Limite ou Mercado, introduza uma quantidade ou use o cursor para 25%, 50%, 75% ou 100% do saldo e prima Comprar ou Vender.</p>',
    },
    23: {
      title: 'Guia de negociação alavancada',
      content:
        '<h2>Guia de negociação alavancada</h2>\n<p>A alavancagem permite abrir uma posição comprada (lucro se o preço subir) ou vendida (lucro se descer) com uma garantia que é parte do valor da posição. Take-profit e stop-loss fecham-na aos seus preços.</p>',
    },
    24: {
      title: 'Micro contratos explicados',
      content:
        '<h2>Micro contratos explicados</h2>\n<p>Um micro contrato é uma previsão curta, de prazo fixo, sobre se um preço sobe ou desce. Escolha o par, a duração e o montante; a liquidação usa negócios reais da fita pública.</p>',
    },
    30: {
      title: 'Termos de utilização',
      content:
        '<h2>Termos de utilização</h2>\n<p>A Tessera é uma simulação para ensino e demonstração. Todos os mercados, preços, saldos, ordens e negócios são simulados e não têm valor monetário. Ao usar a demonstração, aceita estes termos.</p>',
    },
    31: {
      title: 'Divulgação de riscos',
      content:
        '<h2>Divulgação de riscos</h2>\n<p>A Tessera não tem risco financeiro porque usa apenas saldos de demonstração. Numa corretora real, os criptoativos são muito voláteis, a alavancagem multiplica as perdas e um contrato de prazo fixo pode custar todo o montante.</p>',
    },
    32: {
      title: 'Política AML/KYC',
      content:
        '<h2>Política AML/KYC</h2>\n<p>As corretoras reais têm de verificar a identidade dos clientes (KYC) e vigiar transações contra o branqueamento de capitais (AML). A página Autenticação só mostra o processo: não carregue documentos de identidade reais.</p>',
    },
    33: {
      title: 'Política de cookies',
      content:
        '<h2>Política de cookies</h2>\n<p>A Tessera não usa cookies de publicidade nem de análise. Os dados ficam no armazenamento do navegador: sessão, idioma, tema, nome da conta e a base de dados do simulador.</p>',
    },
    40: {
      title: 'A Tessera é uma demonstração: todos os mercados são simulados',
      content:
        '<h2>A Tessera é uma demonstração: todos os mercados são simulados</h2>\n<p>Cada preço, livro de ofertas e negócio é produzido por um simulador no seu navegador. Os saldos são unidades de demonstração sem valor monetário; os endereços de depósito são fictícios.</p>',
    },
    41: {
      title: 'Novo mercado simulado: BIB/USDT',
      content:
        '<h2>Novo mercado simulado: BIB/USDT</h2>\n<p>O par BIB/USDT está agora disponível para negociação à vista simulada e aparece na tabela de mercados da página inicial.</p>\n<p><strong>Lembrete:</strong> a Tessera é uma corretora de demonstração. Preços, livros de ofertas, saldos e negócios são simulados no seu navegador. Não há dinheiro real nem criptoativos reais envolvidos.</p>',
    },
    42: {
      title: 'Atualização programada do motor do simulador',
      content:
        '<h2>Atualização programada do motor do simulador</h2>\n<p>Está a ser lançada uma nova versão do motor de correspondência do navegador; da próxima vez poderá ser-lhe pedido que recarregue a página. A conta, os saldos e o histórico ficam no seu navegador.</p>',
    },
    43: {
      title: 'Take-profit e stop-loss para posições alavancadas',
      content:
        '<h2>Take-profit e stop-loss para posições alavancadas</h2>\n<p>Já pode associar preços de take-profit e stop-loss às posições alavancadas e alterá-los enquanto a posição estiver aberta.</p>\n<p><strong>Lembrete:</strong> a Tessera é uma corretora de demonstração. Preços, livros de ofertas, saldos e negócios são simulados no seu navegador. Não há dinheiro real nem criptoativos reais envolvidos.</p>',
    },
    44: {
      title: 'Os micro contratos chegaram',
      content:
        '<h2>Os micro contratos chegaram</h2>\n<p>Os contratos sobe/desce de prazo fixo estão disponíveis no ecrã Micro: escolha a duração, sobe ou desce, e acompanhe a contagem.</p>\n<p><strong>Lembrete:</strong> a Tessera é uma corretora de demonstração. Preços, livros de ofertas, saldos e negócios são simulados no seu navegador. Não há dinheiro real nem criptoativos reais envolvidos.</p>',
    },
    45: {
      title: 'Aviso de segurança: proteja as suas palavras-passe',
      content:
        '<h2>Aviso de segurança: proteja as suas palavras-passe</h2>\n<p>A Tessera nunca lhe pedirá a palavra-passe, o código de verificação ou a palavra-passe de negociação por mensagem, e-mail ou telefone. Use uma palavra-passe que não usa em mais nenhum sítio.</p>',
    },
    66: {
      title: 'Política de privacidade',
      content:
        '<h2>Política de privacidade</h2>\n<p>A Tessera guarda os seus dados apenas no seu navegador; não temos servidor que receba dados de conta, negociação ou identidade. Apague os dados do site para remover tudo.</p>',
    },
  },
};
