/* global $ */
/* The page's own legacy script: a jQuery handler on document, unchanged for years. */
$(document).on('userLoginSuccess', function (event) {
  var userName = event.originalEvent.detail.userName;
  console.info('userLoginSuccess: ' + userName);
  $('#welcome').text('Hola, ' + userName);
});
