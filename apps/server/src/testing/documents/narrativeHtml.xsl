<?xml version="1.0" encoding="UTF-8"?>
<!--
  Tests only (issue 40): a CDA document's narrative as HTML, for a browser to lay out the way it
  lays out HL7's CDA stylesheet (CDA.xsl): the document title, each section's title as a heading
  and its text with the narrative block's elements (CDA R2, NarrativeBlock) turned into their HTML
  equivalents. Tables keep their rowspan, colspan, border, width, cellpadding and cellspacing, so
  the browser's own table algorithm places and sizes every cell; a table with a border is drawn
  with a grid. Written for Quill from the CDA R2 narrative block rules; no part of HL7's
  stylesheet is copied here. CDA_XSL points the stylesheet comparison at HL7's own instead.
-->
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:n="urn:hl7-org:v3"
  exclude-result-prefixes="n">
  <xsl:output method="html" encoding="UTF-8" indent="no" doctype-system="about:legacy-compat"/>

  <xsl:template match="/">
    <html>
      <head>
        <title><xsl:value-of select="n:ClinicalDocument/n:title"/></title>
        <style>
          body { font-family: sans-serif; font-size: 12px; margin: 16px; }
          table { border-collapse: collapse; margin: 4px 0 12px 0; }
          table[border]:not([border="0"]) th, table[border]:not([border="0"]) td { border: 1px solid #666; }
          th, td { padding: 2px 4px; vertical-align: top; text-align: left; }
          th { background-color: #e8e8e8; }
          caption { font-weight: bold; text-align: left; }
          .Bold { font-weight: bold; }
          .Italics { font-style: italic; }
          .Underline { text-decoration: underline; }
          .Emphasis { font-style: italic; }
        </style>
      </head>
      <body>
        <h1><xsl:value-of select="n:ClinicalDocument/n:title"/></h1>
        <xsl:apply-templates select="n:ClinicalDocument/n:component/n:structuredBody/n:component/n:section"/>
      </body>
    </html>
  </xsl:template>

  <!-- A section: its title as a heading, its text, then the sections inside it. -->
  <xsl:template match="n:section">
    <div class="section">
      <xsl:if test="n:title">
        <h3><xsl:value-of select="n:title"/></h3>
      </xsl:if>
      <xsl:apply-templates select="n:text"/>
      <xsl:apply-templates select="n:component/n:section"/>
    </div>
  </xsl:template>

  <xsl:template match="n:text">
    <div class="narrative"><xsl:apply-templates/></div>
  </xsl:template>

  <!-- The narrative block's elements and their HTML equivalents. -->
  <xsl:template match="n:paragraph">
    <p><xsl:call-template name="style"/><xsl:apply-templates/></p>
  </xsl:template>

  <xsl:template match="n:content">
    <xsl:if test="not(@revised = 'delete')">
      <span><xsl:call-template name="style"/><xsl:apply-templates/></span>
    </xsl:if>
  </xsl:template>

  <xsl:template match="n:br"><br/></xsl:template>
  <xsl:template match="n:sub"><sub><xsl:apply-templates/></sub></xsl:template>
  <xsl:template match="n:sup"><sup><xsl:apply-templates/></sup></xsl:template>
  <xsl:template match="n:linkHtml"><span class="link"><xsl:apply-templates/></span></xsl:template>
  <xsl:template match="n:footnote"><span class="footnote"><xsl:apply-templates/></span></xsl:template>
  <xsl:template match="n:footnoteRef | n:renderMultiMedia"/>

  <xsl:template match="n:list">
    <xsl:apply-templates select="n:caption"/>
    <xsl:choose>
      <xsl:when test="@listType = 'ordered'">
        <ol><xsl:call-template name="style"/><xsl:apply-templates select="n:item"/></ol>
      </xsl:when>
      <xsl:otherwise>
        <ul><xsl:call-template name="style"/><xsl:apply-templates select="n:item"/></ul>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <xsl:template match="n:item">
    <li><xsl:call-template name="style"/><xsl:apply-templates/></li>
  </xsl:template>

  <xsl:template match="n:list/n:caption | n:paragraph/n:caption">
    <div class="caption"><xsl:apply-templates/></div>
  </xsl:template>

  <xsl:template match="n:table">
    <table>
      <xsl:copy-of select="@border | @width | @cellpadding | @cellspacing | @summary | @frame | @rules"/>
      <xsl:call-template name="style"/>
      <xsl:apply-templates/>
    </table>
  </xsl:template>

  <xsl:template match="n:table/n:caption">
    <caption><xsl:apply-templates/></caption>
  </xsl:template>

  <xsl:template match="n:colgroup">
    <colgroup><xsl:copy-of select="@span | @width | @align | @valign"/><xsl:apply-templates/></colgroup>
  </xsl:template>
  <xsl:template match="n:col">
    <col><xsl:copy-of select="@span | @width | @align | @valign"/></col>
  </xsl:template>

  <xsl:template match="n:thead">
    <thead><xsl:copy-of select="@align | @valign"/><xsl:apply-templates/></thead>
  </xsl:template>
  <xsl:template match="n:tbody">
    <tbody><xsl:copy-of select="@align | @valign"/><xsl:apply-templates/></tbody>
  </xsl:template>
  <xsl:template match="n:tfoot">
    <tfoot><xsl:copy-of select="@align | @valign"/><xsl:apply-templates/></tfoot>
  </xsl:template>
  <xsl:template match="n:tr">
    <tr><xsl:copy-of select="@align | @valign"/><xsl:call-template name="style"/><xsl:apply-templates/></tr>
  </xsl:template>

  <xsl:template match="n:th">
    <th>
      <xsl:copy-of select="@rowspan | @colspan | @align | @valign | @scope | @abbr"/>
      <xsl:call-template name="style"/>
      <xsl:apply-templates/>
    </th>
  </xsl:template>
  <xsl:template match="n:td">
    <td>
      <xsl:copy-of select="@rowspan | @colspan | @align | @valign | @scope | @abbr"/>
      <xsl:call-template name="style"/>
      <xsl:apply-templates/>
    </td>
  </xsl:template>

  <!-- styleCode (Bold, Italics, Underline, Emphasis ...) as classes. -->
  <xsl:template name="style">
    <xsl:if test="@styleCode">
      <xsl:attribute name="class"><xsl:value-of select="@styleCode"/></xsl:attribute>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
